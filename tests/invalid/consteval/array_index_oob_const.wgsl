const LUT = array<f32, 3>(1.0, 2.0, 3.0);
fn f() -> f32 {
  return LUT[3]; //~ E1304
}
