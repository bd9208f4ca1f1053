fn f(a: array<f32, 4>) -> f32 {
  return a[true]; //~ E1107
}
