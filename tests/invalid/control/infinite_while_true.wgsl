fn f() {
  loop { //~ E1708
    if false { continue; }
  }
}
