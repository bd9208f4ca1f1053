fn f() {
  for (int i = 0; i < 4; i++) { //~ E0215 //~ E0201
  }
}
