fn f(x: f32) -> f32 {
  let y = x > 0.0 ? x : -x; //~ E0100
  return y;
}
