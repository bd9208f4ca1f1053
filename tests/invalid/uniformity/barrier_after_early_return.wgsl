var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3u) {
  if (lid.x >= 32u) {
    return;
  }
  tile[lid.x] = 1.0;
  workgroupBarrier(); //~ E1852
}
