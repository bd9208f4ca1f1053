fn f() {
  loop {
    continuing {
      continue; //~ E1704
    }
  }
}
