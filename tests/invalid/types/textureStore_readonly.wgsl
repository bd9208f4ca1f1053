@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, read>;
@fragment fn m() {
  textureStore(t, vec2i(), vec4f()); //~ E1101
}
