fn f() -> f32 {
  let x = 1.0 / 0.0; //~ E1300
  return x;
}
