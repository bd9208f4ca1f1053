fn pick(mode: u32) -> f32 {
  var r = 0.0;
  switch (mode) { //~ E1711
    case 0u: { r = 1.0; }
    case 1u: { r = 2.0; }
  }
  return r;
}
