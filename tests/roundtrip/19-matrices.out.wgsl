@group(0) @binding(0) var<uniform> m: mat4x4<f32>;
@group(0) @binding(1) var<storage, read_write> out: vec4<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    out = mat4x4<f32>(vec4<f32>(1.0f, 0.0f, 0.0f, 0.0f), vec4<f32>(0.0f, 2.0f, 0.0f, 0.0f), m[2], vec4<f32>(0.0f, 0.0f, 0.0f, 1.0f)) * m * vec4<f32>(1.0f);
}
