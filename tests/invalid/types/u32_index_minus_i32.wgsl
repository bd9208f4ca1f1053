fn f(i: u32, j: i32) -> u32 {
  return i - j; //~ E1101
}
