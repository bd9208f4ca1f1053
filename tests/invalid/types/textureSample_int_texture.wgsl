@group(0) @binding(0) var t: texture_2d<i32>;
@group(0) @binding(1) var s: sampler;
@fragment fn m() {
  _ = textureSample(t, s, vec2f()); //~ E1101
}
