fn pick(x: vec2i) -> f32 {
  switch (x) { //~ E1709
    default: { return 0.0; }
  }
}
