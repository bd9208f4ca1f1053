fn f() {
  switch 1 {
    default: {
      continue; //~ E1704
    }
  }
}
