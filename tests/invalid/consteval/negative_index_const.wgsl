fn f() -> f32 {
  var a: array<f32, 4>;
  return a[-1]; //~ E1304
}
