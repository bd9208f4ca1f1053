fn f() -> f32 {
  let x: f32; //~ E0219
  return x;
}
