// An index read from a variable never assigned: mem2reg gives the zero value `i32()`,
// which prints as the index `0` like the constant `0i` the next round trip reads
// (dawn/test/tint/vk-gl-cts/graphicsfuzz/cov-uninitialized-values-passed-to-function-never-executed).
struct S { data: i32 }
@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;

fn bump(a: ptr<function, array<S, 10>>) { (*a)[1].data += 1; }

@compute @workgroup_size(1)
fn main() {
  var index: i32;
  var arr: array<S, 10>;
  arr[index].data = out[1];
  bump(&arr);
  out[0] = arr[index].data + arr[1].data;
}
