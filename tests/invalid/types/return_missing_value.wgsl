fn f() -> f32 {
  return; //~ E1706
}
