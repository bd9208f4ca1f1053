struct S {
  a: array<f32>, //~ E1112
  b: f32,
}
