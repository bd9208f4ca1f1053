@group(0) @binding(0) var<storage, read_write> out: vec4<f32>;

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = f32(i);
    out = vec4<f32>(x, 1.0f, x * 2.0f, 0.5f);
}
