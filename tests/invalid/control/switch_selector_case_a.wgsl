fn pick(x: f32) -> f32 {
  switch (x) { //~ E1709
    case 1: { return 1.0; }
    default: { return 0.0; }
  }
}
