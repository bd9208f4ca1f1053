fn f(v: vec4f, t: f32) -> f32 {
  return v[t]; //~ E1107
}
