fn f() -> f32 {
  let a = 1.0;
  return a + b; //~ E1001
}
