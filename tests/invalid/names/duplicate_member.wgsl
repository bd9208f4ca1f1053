struct S {
  a: f32,
  a: i32, //~ E1000
}
