fn f(v: vec4f) -> f32 {
  return v.r.g; //~ E1105
}
