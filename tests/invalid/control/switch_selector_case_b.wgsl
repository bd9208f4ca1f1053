fn pick(x: f32) -> f32 {
  switch (x) {
    case 1f: { return 1.0; } //~ E1709
    default: { return 0.0; }
  }
}
