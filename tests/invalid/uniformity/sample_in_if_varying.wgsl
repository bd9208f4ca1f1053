@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  var color = vec4f(0.0);
  if (uv.x > 0.5) {
    color = textureSample(tex, samp, uv); //~ E1850
  }
  return color;
}
