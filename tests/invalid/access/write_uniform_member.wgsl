struct Params {
  time: f32,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(1)
fn main() {
  params.time += 1.0; //~ E1701
}
