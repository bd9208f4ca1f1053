// `while` with a `break` and a `continue` inside.
@group(0) @binding(0) var<storage, read_write> data: array<i32>;

@compute @workgroup_size(1)
fn main() {
  var i = 0;
  while (i < 100) {
    i += 1;
    if (data[i] == 0) {
      continue;
    }
    if (data[i] < 0) {
      break;
    }
    data[i] = data[i] * 2;
  }
}
