fn f(x: i32) {
  switch x {
    case 3000000000: {} //~ E1300
    default: {}
  }
}
