@compute @workgroup_size(64) fn m(@builtin(local_invocation_index) i: u32) {
  if i == 0u { return; }
  workgroupBarrier(); //~ E1852
}
