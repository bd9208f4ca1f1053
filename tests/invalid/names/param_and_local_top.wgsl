fn f(x: f32) -> f32 {
  let x = 2.0; //~ E1000
  return x;
}
