@vertex fn main(@builtin(vertex_idx) i: u32) -> @builtin(position) vec4f { //~ E1506
  return vec4f();
}
