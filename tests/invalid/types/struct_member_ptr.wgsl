struct S {
  p: ptr<private, f32>, //~ E1112
}
