fn helper(x: f32) -> f32 {
  return x * 2.0
} //~ E0201
