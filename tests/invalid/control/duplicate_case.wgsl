fn f() {
  switch 1 {
    case 0: {}
    case 0: {} //~ E1710
    default: {}
  }
}
