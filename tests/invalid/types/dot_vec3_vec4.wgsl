fn f(a: vec3f, b: vec4f) -> f32 {
  return dot(a, b); //~ E1101
}
