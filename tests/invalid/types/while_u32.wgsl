fn f() {
  var n = 10u;
  while (n) { //~ E1100
    n--;
  }
}
