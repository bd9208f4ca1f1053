@fragment
fn main(@builtin(vertex_index) vi: u32) -> @location(0) vec4f { //~ E1506
  return vec4f(f32(vi));
}
