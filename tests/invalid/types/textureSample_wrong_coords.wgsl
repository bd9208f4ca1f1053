@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn m() {
  _ = textureSample(t, s, vec3f()); //~ E1101
}
