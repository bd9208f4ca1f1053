fn f() {
  loop {
    continuing {
      return; //~ E1705
    }
  }
}
