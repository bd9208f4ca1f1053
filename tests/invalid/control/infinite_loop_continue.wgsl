fn f() {
  loop { //~ E1708
    continue;
  }
}
