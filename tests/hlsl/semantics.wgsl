// WGSL's defined semantics where HLSL's differ: integer division and remainder by zero
// and INT_MIN / -1, shift amounts masked, float-to-int conversions saturate, select on
// vectors, bool vector logic; clamped indexing into a runtime-sized array.
@group(0) @binding(0) var<storage, read_write> data: array<i32>;

fn mix_bits(a: vec3<bool>, b: vec3<bool>) -> vec3<bool> {
  return (a & b) | !a;
}

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let a = data[id.x];
  let b = data[id.x + 1u];
  let q = a / b;
  let r = a % b;
  let s = a << u32(b);
  let f = f32(a) * 1e10;
  let i = i32(f);
  let u = u32(-f);
  let m = mix_bits(vec3<bool>(a > 0, b > 0, q > 0), vec3<bool>(true, false, r != 0));
  let v = select(vec3<i32>(q, r, s), vec3<i32>(i, i32(u), 0), m);
  data[id.x + 2u] = v.x + v.y + v.z;
}
