fn f() -> mat3x3f {
  return mat3x3f(vec3f(1.0), vec3f(1.0)); //~ E1102
}
