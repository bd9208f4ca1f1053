@fragment
fn main(@location(0) a: vec4f, @location(0) b: vec4f) -> @location(0) vec4f { //~ E1508
  return a + b;
}
