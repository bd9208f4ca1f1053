fn f(m: mat3x3f) -> vec3f {
  return m[3]; //~ E1304
}
