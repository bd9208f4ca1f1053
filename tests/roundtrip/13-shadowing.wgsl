// Shadowed names are renamed so every declaration is unique in its function.
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
  let x = out[0];
  {
    let x = out[1] * 2.0;
    out[2] = x;
  }
  out[3] = x;
}
