@group(0) @binding(0) var<storage, read> data: array<f32, 4>;
@compute @workgroup_size(1)
fn main() {
  let p = &data[0];
  *p = 1.0; //~ E1701
}
