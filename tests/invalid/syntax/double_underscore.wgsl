fn f() -> f32 {
  let __x = 1.0; //~ E0107
  return __x; //~ E0107
}
