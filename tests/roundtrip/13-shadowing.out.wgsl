@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let x = out[0];
    out[2] = out[1] * 2.0f;
    out[3] = x;
}
