fn f(x: i32) -> i32 {
  switch x {
    case 0: { return 1; }
    default: { }
  }
} //~ E1707
