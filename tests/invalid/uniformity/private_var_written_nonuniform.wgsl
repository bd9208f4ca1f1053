var<private> mode: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: u32) {
  mode = idx;
  if (mode == 0u) {
    workgroupBarrier(); //~ E1852
  }
}
