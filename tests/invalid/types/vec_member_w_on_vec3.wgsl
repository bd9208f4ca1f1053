fn f(v: vec3f) -> f32 {
  return v.w; //~ E1106
}
