// A counted `for` loop with an accumulator.
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
  var sum = 0u;
  for (var i = 0u; i < 10u; i++) {
    sum += i * i;
  }
  out[0] = sum;
}
