fn f(x: f32) -> f32 {
  x = x * 2.0; //~ E1700
  return x;
}
