fn pick(x: i32) -> f32 {
  switch (x) {
    case 0, default: { return 1.0; }
    default: { return 0.0; } //~ E1711
  }
}
