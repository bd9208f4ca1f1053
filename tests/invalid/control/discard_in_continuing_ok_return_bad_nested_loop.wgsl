fn f() {
  loop {
    continuing {
      loop {
        return; //~ E1705
      }
    }
  }
}
