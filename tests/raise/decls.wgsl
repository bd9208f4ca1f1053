struct Padded {
    a: f32,
    @size(32) b: vec3<f32>,
    c: f32,
    @size(24) d: vec2<u32>,
}

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec3<f32>,
    @location(1) @interpolate(flat) id: u32,
}

const table = array<f32, 3>(0.25f, 0.5f, 1.0f);
@group(0) @binding(0) var<uniform> uniforms: Padded;
@group(0) @binding(1) var<storage, read> items: array<Padded>;
@group(1) @binding(0) var<storage, read_write> counters: array<u32>;
var<workgroup> shared_1: array<f32, 64>;
var<private> state: vec4<f32> = vec4<f32>(1.0f, 0.0f, 0.0f, 1.0f);
@id(3) override wg_size: u32 = 64u;
override gain: f32 = 1.5f;
override half: u32 = wg_size / 2u;

@vertex
fn vs(@builtin(vertex_index) index: u32, @builtin(instance_index) instance: u32) -> VertexOut {
    let f = f32(index);
    return VertexOut(vec4<f32>(f, f, 0.0f, 1.0f), state.xyz * table[index % 3u], instance);
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color * (gain * 2.0f), 1.0f);
}

@compute @workgroup_size(half, 1, 1)
fn cs(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    let x = gid.x;
    let sum = items[x].c + uniforms.a;
    shared_1[lid] = sum;
    workgroupBarrier();
    counters[x] = u32(sum);
}
