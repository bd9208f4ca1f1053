fn f() {
  for (var i = 0; i; i++) { //~ E1100
  }
}
