// `discard` in a fragment shader, and code after it dropped.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let c = textureSample(t, s, uv);
  if (c.a < 0.5) {
    discard;
  }
  return c;
}
