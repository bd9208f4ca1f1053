// `switch` with a shared case, a default among cases, and fall-out by `break`.
@group(0) @binding(0) var<storage, read_write> out: i32;

fn pick(x: i32) -> i32 {
  var r = 0;
  switch x {
    case 0, 1: { r = 10; }
    case 2, default: { r = 20; }
    case 3: {
      if (out > 0) { break; }
      r = 30;
    }
  }
  return r;
}

@compute @workgroup_size(1)
fn main() {
  out = pick(out);
}
