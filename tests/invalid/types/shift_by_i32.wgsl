fn f(a: u32, b: i32) -> u32 {
  return a << b; //~ E1101
}
