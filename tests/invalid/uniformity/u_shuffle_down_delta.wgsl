enable subgroups;
@compute @workgroup_size(64) fn m(@builtin(subgroup_invocation_id) i: u32) {
  _ = subgroupShuffleDown(1.0, i); //~ E1851
}
