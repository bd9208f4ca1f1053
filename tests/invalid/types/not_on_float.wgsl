fn f(x: f32) -> bool {
  return !x; //~ E1101
}
