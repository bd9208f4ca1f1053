// diffexec seed 12391, reduced: after mem2reg the divisor of `%` was the constant
// vec4<i32>(5i, 7i, 0i, -2i), raised as `let k = …; x % k`, which naga rejects (division by
// zero in a constant). const-fold now turns a divisor's zero lanes into 1 (the same
// run-time result). Each invocation writes only its own element.
fn float_bits(x: f32) -> u32 { return select(bitcast<u32>(x), 0u, x == 0.0f); }
struct Inputs { u: array<vec4<u32>, 8>, i: array<vec4<i32>, 8>, f: array<vec4<f32>, 8> }
struct Params { u: vec4<u32>, i: vec4<i32>, f: vec4<f32> }
@group(0) @binding(0) var<storage, read> inp: Inputs;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(3) var<storage, read_write> acc: array<atomic<u32>, 7>;
@group(0) @binding(4) var<storage, read_write> iacc: array<atomic<i32>, 3>;
var<workgroup> wg_acc: array<atomic<u32>, 7>;
var<private> pf: vec4<f32>;
var<private> pi: i32;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 1024>;
var<workgroup> wg_vals: array<u32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(global_invocation_id) gid: vec3<u32>) {
    let base = ((wid.x + wid.y * nwg.x + wid.z * nwg.x * nwg.y) * 8u + lid) * 16u;
    workgroupBarrier();
    var v3: vec4<i32> = vec4<i32>(5i, 7i, 0i, -2i);
    v3 -= (vec4<i32>(0i)[(lid) % 4u] % v3);
    out[base + ((2u) % 16u)] = bitcast<u32>(v3.w);
}
