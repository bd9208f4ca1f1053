fn g(i: u32) -> u32 { return i; }
@compute @workgroup_size(64) fn m(@builtin(local_invocation_index) i: u32) {
  if g(i) == 0u { workgroupBarrier(); } //~ E1852
}
