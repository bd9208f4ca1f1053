@fragment
fn main(@location(0) color: vec3f) -> @location(0) vec4f {
  if (color == vec3f(0.0)) { //~ E1100
    discard;
  }
  return vec4f(color, 1.0);
}
