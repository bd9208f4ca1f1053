fn f(v: vec3i) -> f32 {
  return length(v); //~ E1101
}
