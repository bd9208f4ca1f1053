fn f() {
  for (var i = 0; i < 4; i++) {
    var i = 1; //~ E1000
  }
}
