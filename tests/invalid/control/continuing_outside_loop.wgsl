fn f() {
  continuing { //~ E0224
  }
}
