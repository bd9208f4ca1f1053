// `l < (0i >> k)`: refract's WGSL back end printed it as `l < 0i >> k`, which WGSL's
// template-list discovery reads as `l<0i>` followed by `> k`, so naga (and refract)
// rejected the round-tripped WGSL. Reduced from generated program 5296.
@group(0) @binding(0) var<storage, read_write> out: array<i32, 8>;

fn below(l: i32, k: u32) -> i32 {
  for (var i = 0u; i < 2u; i++) {
    if (l < (-64i >> (k + i))) {
      return 1i;
    }
  }
  return 0i;
}

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) lid: u32) {
  out[lid] = below(out[lid] % 64i, lid) + out[lid] % 64i;
}
