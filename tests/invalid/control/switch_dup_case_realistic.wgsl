fn pick(mode: i32) -> f32 {
  var r = 0.0;
  switch (mode) {
    case 0: { r = 1.0; }
    case 1, 2: { r = 2.0; }
    case 2: { r = 3.0; } //~ E1710
    default: { r = 4.0; }
  }
  return r;
}
