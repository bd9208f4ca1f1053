@fragment fn fs(@location(0) x: f32) -> @location(0) vec4f {
  var v = 0.0;
  if x > 0.0 {
    v = x;
  }
  v = 1.0;           // a full assignment makes it uniform again
  if v > 0.5 { return vec4f(dpdx(v)); }
  return vec4f();
}
