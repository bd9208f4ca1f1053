fn f(c: bool, a: f32, b: f32) -> f32 {
  return select(c, a, b); //~ E1101
}
