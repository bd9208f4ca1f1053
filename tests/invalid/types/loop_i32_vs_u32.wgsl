@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let n = arrayLength(&data);
  for (var i = 0; i < n; i++) { //~ E1101
    data[i] = data[i] * 2.0;
  }
}
