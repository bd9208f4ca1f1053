@group(0) @binding(0) var s: sampler;
@compute @workgroup_size(1)
fn main() {
  let d = textureDimensions(s); //~ E1101
}
