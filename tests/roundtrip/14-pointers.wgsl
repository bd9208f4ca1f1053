// Pointer parameters and a local pointer into an array element.
fn inc(p: ptr<function, i32>) {
  *p += 1;
}

@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;

@compute @workgroup_size(1)
fn main() {
  var a = array<i32, 4>(1, 2, 3, 4);
  inc(&a[2]);
  let q = &a[3];
  *q = *q * 2;
  out = a;
}
