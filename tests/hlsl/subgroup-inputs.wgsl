// Subgroup builtins as entry-point inputs: Shader Model 6 has no semantic for them.
// `subgroup_invocation_id` and `subgroup_size` are read through WaveGetLaneIndex() and
// WaveGetLaneCount(); `subgroup_id` divides the local index (its own SV_GroupIndex
// member, or local_invocation_index's when the entry point takes that too), and
// `num_subgroups` divides the workgroup's size, rounding up.
enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(8, 4, 2)
fn lanes(@builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32,
         @builtin(num_subgroups) count: u32) {
  out[lane] = size + count;
}

struct Ids {
  @builtin(local_invocation_index) index: u32,
  @builtin(subgroup_id) subgroup: u32,
}

@compute @workgroup_size(64)
fn with_index(ids: Ids) {
  out[ids.index] = ids.subgroup;
}

@compute @workgroup_size(16)
fn alone(@builtin(subgroup_id) subgroup: u32) {
  out[subgroup] = 1u;
}
