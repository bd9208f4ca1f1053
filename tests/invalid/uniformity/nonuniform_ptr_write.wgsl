fn store_to(p: ptr<function, u32>, v: u32) {
  *p = v;
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: u32) {
  var c = 0u;
  store_to(&c, idx);
  if (c == 0u) {
    workgroupBarrier(); //~ E1852
  }
}
