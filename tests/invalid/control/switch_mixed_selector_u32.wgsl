fn f(x: u32) {
  switch x {
    case -1: {} //~ E1300
    default: {}
  }
}
