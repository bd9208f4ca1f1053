@group(0) @binding(0) var t: texture_depth_2d;
@group(0) @binding(1) var s: sampler;
@fragment fn m() {
  _ = textureSampleCompare(t, s, vec2f(), 1.0); //~ E1101
}
