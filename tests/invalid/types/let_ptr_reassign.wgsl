fn f() {
  var a = 1;
  var b = 2;
  let p = &a;
  p = &b; //~ E1700
}
