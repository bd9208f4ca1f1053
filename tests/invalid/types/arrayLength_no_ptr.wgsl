@group(0) @binding(0) var<storage> buf: array<f32>;
@compute @workgroup_size(1)
fn main() {
  let n = arrayLength(buf); //~ E1115
}
