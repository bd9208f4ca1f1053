fn f() -> f32 {
  return saturate2(1.0); //~ E1001
}
