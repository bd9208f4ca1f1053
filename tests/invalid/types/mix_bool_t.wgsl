fn f(a: vec3f, b: vec3f) -> vec3f {
  return mix(a, b, true); //~ E1101
}
