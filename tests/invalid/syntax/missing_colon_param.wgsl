fn f(x f32) -> f32 { //~ E0200
  return x;
}
