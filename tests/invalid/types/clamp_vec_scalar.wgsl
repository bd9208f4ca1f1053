@fragment
fn main(@location(0) color: vec3f) -> @location(0) vec4f {
  let c = clamp(color, 0.0, 1.0); //~ E1101
  return vec4f(c, 1.0);
}
