override block = 16u;
var<workgroup> tile: array<f32, block>;
var<workgroup> tile2: array<f32, block * 2>;
@compute @workgroup_size(block) fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = 1.0;
  tile2[i] = tile[i];
}
