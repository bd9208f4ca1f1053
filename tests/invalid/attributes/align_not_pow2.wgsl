struct S {
  a: f32,
  @align(3) b: f32, //~ E1502
}
