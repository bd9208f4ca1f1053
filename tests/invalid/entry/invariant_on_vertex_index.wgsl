@vertex fn m(@builtin(vertex_index) @invariant i: u32) -> @builtin(position) vec4f { //~ E1511
  return vec4f();
}
