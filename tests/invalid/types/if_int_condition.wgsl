fn f(x: i32) -> i32 {
  if (x) { //~ E1100
    return 1;
  }
  return 0;
}
