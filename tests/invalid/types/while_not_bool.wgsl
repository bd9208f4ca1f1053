fn f() {
  while 1.0 { //~ E1100
    break;
  }
}
