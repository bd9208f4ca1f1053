struct S {
  @size(2) a: f32, //~ E1502
  b: f32,
}
