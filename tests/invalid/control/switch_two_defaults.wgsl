fn f() {
  switch 1 {
    default: {}
    case 1, default: {} //~ E1711
  }
}
