@fragment
fn main(@invariant @location(0) v: vec4f) -> @location(0) vec4f { //~ E1511
  return v;
}
