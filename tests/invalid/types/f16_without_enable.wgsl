fn f() -> f32 {
  let h: f16 = 1.0h; //~ E1800
  return f32(h);
}
