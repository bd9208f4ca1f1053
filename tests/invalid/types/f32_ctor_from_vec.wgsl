fn f(v: vec2f) -> f32 {
  return f32(v); //~ E1102
}
