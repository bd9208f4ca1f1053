fn f() {
  loop { //~ E1708
  }
}
