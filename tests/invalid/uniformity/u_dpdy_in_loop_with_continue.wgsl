@fragment fn m(@location(0) x: f32) {
  for (var i = 0; i < 4; i++) {
    if x > 0.0 { continue; }
    _ = dpdy(1.0); //~ E1850
  }
}
