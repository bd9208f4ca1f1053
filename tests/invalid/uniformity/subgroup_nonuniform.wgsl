enable subgroups;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  if i == 0u {
    _ = subgroupAdd(1u); //~ E1851
  }
}
