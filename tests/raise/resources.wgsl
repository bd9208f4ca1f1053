@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@group(0) @binding(2) var depth: texture_depth_2d;
@group(0) @binding(3) var cmp: sampler_comparison;
@group(0) @binding(4) var img: texture_storage_2d<rgba8unorm, write>;
@group(1) @binding(0) var<storage, read_write> hits: atomic<u32>;
@group(1) @binding(1) var<storage, read_write> values: array<i32>;
var<workgroup> flag: u32;

fn bump(p: ptr<function, f32>, by: f32) {
    *p += by;
}

@fragment
fn shade(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var acc = textureSampleCompare(depth, cmp, uv, 0.5f);
    let c = textureSample(tex, smp, uv);
    bump(&acc, 0.25f);
    return c * dpdx(acc);
}

@compute @workgroup_size(8, 8, 1)
fn count(@builtin(global_invocation_id) gid: vec3<u32>) {
    let old = atomicAdd(&hits, 1u);
    let i = old % arrayLength(&values);
    values[i]++;
    flag = old;
    textureStore(img, gid.xy, vec4<f32>(f32(workgroupUniformLoad(&flag))));
    atomicStore(&hits, 0u);
}
