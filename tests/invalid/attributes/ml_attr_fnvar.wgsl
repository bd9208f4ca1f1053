fn f() {
  @align(4) //~ E0220
  var x = 1;
}
