fn f() {
  for (var i = 10; i; i--) { //~ E1100
  }
}
