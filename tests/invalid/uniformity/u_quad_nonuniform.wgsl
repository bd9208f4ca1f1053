enable subgroups;
@fragment fn m(@location(0) x: f32) {
  if x > 0.0 {
    _ = quadSwapX(x); //~ E1851
  }
}
