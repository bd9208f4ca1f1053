// Workgroup memory is groupshared and zeroed by the first invocation before a barrier
// (HLSL leaves it uninitialized); num_workgroups is read from a constant buffer, as Tint
// and naga do, since HLSL has no such system value.
var<workgroup> tile: array<array<f32, 16>, 16>;

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(16, 16)
fn transpose(
  @builtin(local_invocation_id) local: vec3<u32>,
  @builtin(workgroup_id) group: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let width = groups.x * 16u;
  let x = group.x * 16u + local.x;
  let y = group.y * 16u + local.y;
  tile[local.y][local.x] = input[y * width + x];
  workgroupBarrier();
  let tx = group.y * 16u + local.x;
  let ty = group.x * 16u + local.y;
  output[ty * width + tx] = tile[local.x][local.y];
}
