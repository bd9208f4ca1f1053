fn gamma(c: vec3f) -> vec3f {
  return pow(c, 2.2); //~ E1101
}
