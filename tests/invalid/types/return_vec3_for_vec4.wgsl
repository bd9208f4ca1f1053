@fragment
fn main(@location(0) n: vec3f) -> @location(0) vec4f {
  let color = normalize(n) * 0.5 + 0.5;
  return color; //~ E1100
}
