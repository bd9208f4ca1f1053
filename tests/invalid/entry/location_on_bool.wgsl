@fragment
fn main(@location(0) @interpolate(flat) b: bool) -> @location(0) vec4f { //~ E1509
  return vec4f(0.0);
}
