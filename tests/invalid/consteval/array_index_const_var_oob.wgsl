fn f() -> f32 {
  var arr: array<f32, 4>;
  return arr[4]; //~ E1304
}
