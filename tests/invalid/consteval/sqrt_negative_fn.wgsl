fn f() -> f32 {
  return sqrt(-4.0); //~ E1303
}
