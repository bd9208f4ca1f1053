fn f(v: vec3f) -> vec2f {
  return vec2f(v); //~ E1102
}
