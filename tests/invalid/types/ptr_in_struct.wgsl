struct S {
  p: ptr<function, f32>, //~ E1112
}
