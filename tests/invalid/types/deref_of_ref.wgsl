fn f() {
  var x = 1;
  let y = *x; //~ E1109
}
