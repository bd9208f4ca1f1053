@group(0) @binding(0) var<storage, read_write> out: array<i32, 3>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    out[0] = 1i;
    out[1] = 0i;
    out[2] = 256i;
}
