fn f() {
  loop {
    continuing {
      break if 1; //~ E1100
    }
  }
}
