@vertex
fn main(@builtin(vertex_index) vi: i32) -> @builtin(position) vec4f { //~ E1507
  return vec4f(f32(vi));
}
