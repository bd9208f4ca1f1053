fn f() {
  var x; //~ E1011
}
