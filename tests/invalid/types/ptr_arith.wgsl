fn f(p: ptr<function, array<f32, 4>>) -> f32 {
  return (*p + 1)[0]; //~ E1101
}
