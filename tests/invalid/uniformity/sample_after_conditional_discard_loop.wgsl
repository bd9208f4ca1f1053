@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  var sum = vec4f(0.0);
  for (var i = 0; i < i32(uv.x * 10.0); i++) {
    sum += textureSample(tex, samp, uv + vec2f(f32(i))); //~ E1850
  }
  return sum;
}
