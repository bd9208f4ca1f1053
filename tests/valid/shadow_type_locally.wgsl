fn f() -> f32 {
  let f32 = 2;
  let i32 = f32 * 2;
  return 1.0;
}
