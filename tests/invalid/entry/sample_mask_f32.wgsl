@fragment
fn main(@builtin(sample_mask) m: f32) -> @location(0) vec4f { //~ E1507
  return vec4f(m);
}
