fn f(a: vec4f, b: vec4f) -> vec4f {
  return cross(a, b); //~ E1101
}
