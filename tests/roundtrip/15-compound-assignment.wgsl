// Compound assignments, `++` and `--` on locals, members and array elements.
struct S { a: i32, v: vec2<u32> }

@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> arr: array<u32, 8>;

@compute @workgroup_size(1)
fn main() {
  var k = 3;
  k *= 4;
  k -= 1;
  k++;
  s.a += k;
  s.v.y <<= 2u;
  arr[k & 7] |= 1u;
  arr[1]--;
}
