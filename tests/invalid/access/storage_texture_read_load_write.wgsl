@group(0) @binding(0) var img: texture_storage_2d<rgba8unorm, read>;
@compute @workgroup_size(1)
fn main() {
  textureStore(img, vec2i(0), vec4f(1.0)); //~ E1101
}
