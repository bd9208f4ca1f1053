fn f(a: f32, b: i32) -> f32 {
  return a + b; //~ E1101
}
