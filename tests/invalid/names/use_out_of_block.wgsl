fn f(c: bool) -> f32 {
  if (c) {
    let t = 1.0;
  }
  return t; //~ E1001
}
