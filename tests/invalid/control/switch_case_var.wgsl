fn pick(x: i32, y: i32) -> f32 {
  switch (x) {
    case y: { return 1.0; } //~ E1306
    default: { return 0.0; }
  }
}
