fn f(x: bool) -> i32 {
  if x {
    return 1;
  }
} //~ E1707
