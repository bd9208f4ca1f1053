// An `else if` chain assigning one variable: each arm's value meets at the merge.
@group(0) @binding(0) var<storage, read_write> out: f32;

fn classify(x: f32) -> f32 {
  var r: f32;
  if (x < 0.0) {
    r = -1.0;
  } else if (x == 0.0) {
    r = 0.0;
  } else if (x < 10.0) {
    r = x * 0.1;
  } else {
    r = 1.0;
  }
  return r;
}

@compute @workgroup_size(1)
fn main() {
  out = classify(out);
}
