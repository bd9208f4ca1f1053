@compute @workgroup_size(1) fn m() -> @builtin(frag_depth) f32 { //~ E1509
  return 1.0;
}
