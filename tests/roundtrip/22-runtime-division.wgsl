// Division and shifts whose operands become constants: WGSL would reject the constant
// expression, so an operand stays a run-time value.
@group(0) @binding(0) var<storage, read_write> out: array<i32, 3>;

@compute @workgroup_size(1)
fn main() {
  var zero = 0;
  var big = 40u;
  out[0] = 1 / zero;
  out[1] = 7 % zero;
  out[2] = 1 << big;
}
