struct S {
  @align(3) a: f32, //~ E1502
}
