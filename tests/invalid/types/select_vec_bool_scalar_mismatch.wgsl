fn f(a: vec3f, b: vec3f, c: vec2<bool>) -> vec3f {
  return select(a, b, c); //~ E1101
}
