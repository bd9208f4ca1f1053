// `loop` with a `continuing` block and `break if`.
@group(0) @binding(0) var<storage, read_write> out: f32;

@compute @workgroup_size(1)
fn main() {
  var x = 1.0;
  var n = 0;
  loop {
    x = x * 0.5;
    continuing {
      n = n + 1;
      break if n >= 8;
    }
  }
  out = x;
}
