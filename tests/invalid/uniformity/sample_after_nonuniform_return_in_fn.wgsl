@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  if (uv.y < 0.0) {
    return vec4f(0.0);
  }
  return textureSample(tex, samp, uv); //~ E1850
}
