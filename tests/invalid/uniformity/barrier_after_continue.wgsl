@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: u32) {
  for (var i = 0u; i < 4u; i++) {
    if (idx == i) {
      continue;
    }
    workgroupBarrier(); //~ E1852
  }
}
