@fragment
fn main(@builtin(frag_depth) d: f32) -> @location(0) vec4f { //~ E1506
  return vec4f(d);
}
