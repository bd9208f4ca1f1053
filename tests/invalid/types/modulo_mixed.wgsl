fn f(a: i32, b: u32) -> i32 {
  return a % b; //~ E1101
}
