fn f(a: f32, b: f32) -> f32 {
  return max(a, (b + 1.0); //~ E0200
}
