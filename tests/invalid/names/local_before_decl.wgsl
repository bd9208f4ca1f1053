fn f() -> f32 {
  let a = b * 2.0; //~ E1001
  let b = 1.0;
  return a;
}
