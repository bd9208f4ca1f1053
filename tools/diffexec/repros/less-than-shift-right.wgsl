// `l < (0i >> k)`: refract's WGSL back end printed it as `l < 0i >> k`, which WGSL's
// template-list discovery reads as `l<0i>` followed by `> k`, so naga (and refract)
// rejected the round-tripped WGSL. Reduced from generated program 5296. Every invocation
// of the harness's grid owns one element (indexing by `local_invocation_index` alone
// made the workgroups race on the same eight elements, and the result depend on order).
@group(0) @binding(0) var<storage, read_write> out: array<i32, 32>;

fn below(l: i32, k: u32) -> i32 {
  for (var i = 0u; i < 2u; i++) {
    if (l < (-64i >> (k + i))) {
      return 1i;
    }
  }
  return 0i;
}

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let k = gid.x + 16u * gid.y;
  if (k < 32u) {
    out[k] = below(out[k] % 64i, k) + out[k] % 64i;
  }
}
