fn f() {
  var a = 1.0;
  a++; //~ E1100
}
