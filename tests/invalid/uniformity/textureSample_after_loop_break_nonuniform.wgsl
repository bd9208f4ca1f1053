@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<storage, read> thresholds: array<f32>;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  if (thresholds[0] > uv.x) {
    discard;
  }
  var c = textureSample(tex, samp, uv);
  if (c.a < 0.5) {
    c = textureSample(tex, samp, uv * 2.0); //~ E1850
  }
  return c;
}
