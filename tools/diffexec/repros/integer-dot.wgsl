// Integer `dot` on the HLSL path. refract wrote HLSL's `dot` intrinsic, which glslang's
// HLSL front end (the harness's stand-in for DXC) gets wrong two ways: it folds a `dot` of
// constant integer vectors to garbage (Tint's builtins/gen/var/dot tests: 1 for
// dot(vec3(1i), vec3(1i))), and types a `uint` one as `int`, so an atomicOr of it was
// invalid SPIR-V (generated program 2085). refract now writes a sum of products. Each
// invocation of the harness's grid writes only its own elements.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> acc: array<atomic<u32>, 2>;

@compute @workgroup_size(4)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  let slot = ((wid.x + wid.y * nwg.x) * 4u + lid) * 4u;
  var a = vec3<i32>(1i);
  var b = vec4<u32>(3u, 1u, 4u, 1u);
  out[slot] = bitcast<u32>(dot(a, a));
  out[slot + 1u] = dot(b, b);
  out[slot + 2u] = dot(vec2<u32>(wid.xy), vec2<u32>(lid, 7u));
  out[slot + 3u] = bitcast<u32>(dot(vec4<i32>(i32(lid), -2i, 5i, i32(wid.x)), vec4<i32>(-3i)));
  atomicOr(&acc[0], dot(vec3<u32>(0u), wid));
  atomicAdd(&acc[1], dot(vec2<u32>(lid, 1u), vec2<u32>(2u, wid.y)));
}
