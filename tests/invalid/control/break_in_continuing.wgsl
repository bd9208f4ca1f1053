fn f() {
  loop {
    continuing {
      break; //~ E1703
    }
  }
}
