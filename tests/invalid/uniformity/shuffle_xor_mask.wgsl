enable subgroups;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  _ = subgroupShuffleXor(1u, i); //~ E1851
}
