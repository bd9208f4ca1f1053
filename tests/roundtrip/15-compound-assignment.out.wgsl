struct S {
    a: i32,
    v: vec2<u32>,
}

@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> arr: array<u32, 8>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    s.a += 12i;
    s.v.y <<= 2u;
    arr[4] |= 1u;
    arr[1]--;
}
