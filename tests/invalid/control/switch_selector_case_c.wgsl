fn pick(x: bool) -> f32 {
  switch (x) {
    case true: { return 1.0; } //~ E1709
    default: { return 0.0; }
  }
}
