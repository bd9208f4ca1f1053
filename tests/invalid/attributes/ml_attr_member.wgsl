struct S {
  @group(0) //~ E1500
  x: f32,
}
