fn scale(x: f32, s: f32) -> f32 { return x * s; }

fn f() -> f32 {
  return scale(1.0); //~ E1104
}
