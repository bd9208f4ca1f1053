fn f() -> f32 {
  let static = 1.0; //~ E0106
  return static; //~ E0106
}
