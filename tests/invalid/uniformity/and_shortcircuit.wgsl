@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  let ok = uv.x > 0.0 && textureSample(tex, samp, uv).r > 0.5; //~ E1850
  return vec4f(f32(ok));
}
