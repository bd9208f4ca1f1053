enable subgroups;
@compute @workgroup_size(64) fn cs(@builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) size: u32) {
  let total = subgroupAdd(sid);
  _ = subgroupBroadcastFirst(total);
  _ = subgroupShuffleXor(sid, 1u);
  _ = size;
}
