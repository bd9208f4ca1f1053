fn f(b: bool) {
  switch (b) { //~ E1709
    default: {}
  }
}
