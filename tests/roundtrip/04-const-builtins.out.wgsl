@group(0) @binding(0) var<storage, read_write> f: vec4<f32>;
@group(0) @binding(1) var<storage, read_write> i: i32;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let k = vec4<f32>(-1.0f);
    let k_1 = 2.0f;
    f = vec4<f32>(1.0f) + sin(k) + vec4<f32>(min(k_1, 3.0f));
    i = 1i;
}
