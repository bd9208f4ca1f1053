fn f() {
  var a = 1;
  a = 1.5; //~ E1100
}
