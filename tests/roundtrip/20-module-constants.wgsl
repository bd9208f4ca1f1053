// Module-scope `const`s are folded; a constant array indexed at run time is written once.
const SCALE = 2.5;
const TABLE = array<f32, 4>(1.0, 2.0, 4.0, 8.0);

@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = TABLE[i] * SCALE + TABLE[1];
}
