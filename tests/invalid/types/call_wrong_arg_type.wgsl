fn scale(x: f32, s: f32) -> f32 { return x * s; }

fn f() -> f32 {
  let k = 3i;
  return scale(1.0, k); //~ E1100
}
