fn f(a: vec2f, b: vec3f) -> vec3f {
  return min(a, b); //~ E1101
}
