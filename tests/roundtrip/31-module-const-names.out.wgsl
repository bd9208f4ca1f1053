const POSITIONS = array<vec2<f32>, 3>(vec2<f32>(0.0f, 0.6f), vec2<f32>(-0.55f, -0.45f), vec2<f32>(0.55f, -0.45f));
const COLORS = array<vec3<f32>, 3>(vec3<f32>(1.0f, 0.35f, 0.3f), vec3<f32>(0.3f, 0.85f, 0.45f), vec3<f32>(0.3f, 0.5f, 1.0f));
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(3, 1, 1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = vec4<f32>(POSITIONS[i] + POSITIONS[i], COLORS[i].xy);
}
