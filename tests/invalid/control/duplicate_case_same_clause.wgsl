fn f() {
  switch 1i {
    case 1, 2, 1: {} //~ E1710
    default: {}
  }
}
