const c = array<i32, 4>(1i, 2i, 3i, 4i);
@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;

fn inc(p: ptr<function, i32>) {
    *p++;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var a = c;
    inc(&a[2]);
    a[3] *= 2i;
    out = a;
}
