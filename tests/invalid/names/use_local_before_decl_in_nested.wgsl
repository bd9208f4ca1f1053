fn f() {
  {
    x = 1; //~ E1001
  }
  var x = 0;
}
