@fragment
fn main(@location(0) @interpolate(cubic) uv: vec2f) -> @location(0) vec4f { //~ E1510
  return vec4f(uv, 0.0, 1.0);
}
