@fragment
fn main(@builtin(pixel_coord) p: vec4f) -> @location(0) vec4f { //~ E1506
  return p;
}
