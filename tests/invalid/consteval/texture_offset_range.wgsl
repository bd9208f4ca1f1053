@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main() -> @location(0) vec4f {
  return textureSample(t, s, vec2f(), vec2i(9, 0)); //~ E1303
}
