fn f() {
  @must_use { //~ E1500
  }
}
