@group(0) @binding(0) var heightmap: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@vertex
fn main(@location(0) uv: vec2f) -> @builtin(position) vec4f {
  let h = textureSample(heightmap, samp, uv).r; //~ E1402
  return vec4f(uv, h, 1.0);
}
