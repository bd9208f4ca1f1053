struct S {
  a: f32,
  b: vec3f,
  c: f32,
  @align(4) d: vec3f, //~ E1502
}
