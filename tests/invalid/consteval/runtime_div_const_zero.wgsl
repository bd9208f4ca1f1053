fn f() {
  var x = 1;
  let y = x / 0; //~ E1301
}
