@group(0) @binding(0) var img: texture_storage_2d<rgba8unorm, write>;
@vertex
fn main() -> @builtin(position) vec4f {
  textureStore(img, vec2i(0), vec4f(1.0)); //~ E1402
  return vec4f(0.0);
}
