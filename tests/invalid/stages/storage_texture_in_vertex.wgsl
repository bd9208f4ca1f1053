@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;
@vertex fn main() -> @builtin(position) vec4f {
  textureStore(t, vec2i(), vec4f()); //~ E1402
  return vec4f();
}
