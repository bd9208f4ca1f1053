fn pick(mode: u32) -> f32 {
  switch (mode) {
    case 0u: { return 1.0; }
    case 1i: { return 2.0; } //~ E1709
    default: { return 0.0; }
  }
}
