@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@vertex fn m() -> @builtin(position) vec4f {
  return textureSampleBias(t, s, vec2f(), 0.0); //~ E1402
}
