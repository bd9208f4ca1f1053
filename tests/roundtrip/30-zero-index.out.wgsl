struct S {
    data: i32,
}

@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;

fn bump(a: ptr<function, array<S, 10>>) {
    (*a)[1].data++;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var arr = array<S, 10>();
    arr[0].data = out[1];
    bump(&arr);
    out[0] = arr[0].data + arr[1].data;
}
