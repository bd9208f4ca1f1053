fn f(a: f32, b: f32, a: f32) -> f32 { //~ E1000
  return a + b;
}
