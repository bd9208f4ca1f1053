fn f(x: i32) -> i32 {
  if (x > 0) {
    break; //~ E1703
  }
  return x;
}
