fn f() {
  switch 1.0 { //~ E1709
    default: {}
  }
}
