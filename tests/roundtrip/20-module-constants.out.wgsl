const TABLE = array<f32, 4>(1.0f, 2.0f, 4.0f, 8.0f);
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = TABLE[i] * 2.5f + 2.0f;
}
