fn edge(v: f32) -> f32 {
  return fwidth(v); //~ E1850
}

@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  var e = 0.0;
  if (v > 0.0) {
    e = edge(v);
  }
  return vec4f(e);
}
