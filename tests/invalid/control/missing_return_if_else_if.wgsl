fn sign_of(x: f32) -> f32 {
  if (x > 0.0) {
    return 1.0;
  } else if (x < 0.0) {
    return -1.0;
  }
} //~ E1707
