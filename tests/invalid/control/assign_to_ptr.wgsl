fn f() {
  var x = 1;
  let p = &x;
  p = &x; //~ E1700
}
