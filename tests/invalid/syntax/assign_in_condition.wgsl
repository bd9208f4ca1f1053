fn f() {
  var x = 0;
  if (x = 1) { //~ E0200
  }
}
