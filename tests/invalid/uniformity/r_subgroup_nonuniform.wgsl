enable subgroups;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: u32) {
  if (idx < 10u) {
    let s = subgroupAdd(idx); //~ E1851
  }
}
