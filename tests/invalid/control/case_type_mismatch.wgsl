fn f() {
  switch 1i {
    case 1u: {} //~ E1709
    default: {}
  }
}
