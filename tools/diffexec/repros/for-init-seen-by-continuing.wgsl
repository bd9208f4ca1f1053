// A loop-carried variable of an outer loop, copied into a `var` before an inner loop and
// assigned back in the outer loop's continuing block: the raiser moved that `var` into the
// inner `for`'s initializer, out of the continuing block's sight, so naga rejected the
// round-tripped WGSL (`v7_1` not in scope). Generated program 2338, reduced.
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
var<workgroup> wg_vals: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(global_invocation_id) gid: vec3<u32>) {
    let base = ((wid.x + wid.y * nwg.x + wid.z * nwg.x * nwg.y) * 4u + lid) * 16u;
    var v7: bool = false;
    var k14 = 0u;
    while k14 < 1u {
        k14 += 1u;
        var k16 = 0u;
        while k16 < 1u {
            k16 += 1u;
            var k17 = 0u;
            loop {
                v7 = false;
                continuing {
                    k17 = k17 + 1u;
                    break if k17 >= 1u;
                }
            }
        }
    }
    workgroupBarrier();
    out[base + ((0u) % 16u)] = select(0u, 1u, v7);
}
