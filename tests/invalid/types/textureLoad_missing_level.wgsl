@group(0) @binding(0) var t: texture_2d<f32>;
@fragment fn m() {
  _ = textureLoad(t, vec2i()); //~ E1101
}
