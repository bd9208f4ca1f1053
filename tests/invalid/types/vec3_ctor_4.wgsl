fn f() -> vec3f {
  return vec3f(1.0, 2.0, 3.0, 4.0); //~ E1102
}
