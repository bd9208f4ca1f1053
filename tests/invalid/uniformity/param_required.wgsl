fn helper(c: bool) {
  if c {
    workgroupBarrier(); //~ E1852
  }
}
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  helper(i == 0u);
}
