// Integer `dot` is a sum of products in a helper, one per vector type, rather than HLSL's
// `dot`: glslang's HLSL front end folds that intrinsic wrongly on constant integer
// vectors (`dot(int3(1, 1, 1), int3(1, 1, 1))` became 1) and gives a `uint` one the type
// `int`. Float `dot` stays the intrinsic.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> counts: array<atomic<u32>, 2>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let a = vec3<i32>(1i);
  out[0] = bitcast<u32>(dot(a, a));
  out[1] = dot(vec4<u32>(wid, 2u), vec4<u32>(3u, wid));
  out[2] = bitcast<u32>(dot(vec2<f32>(f32(wid.x)), vec2<f32>(0.5)));
  atomicOr(&counts[0], dot(vec3<u32>(0u), wid));
}
