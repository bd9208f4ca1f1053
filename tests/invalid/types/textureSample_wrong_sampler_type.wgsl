@group(0) @binding(0) var t: texture_depth_2d;
@group(0) @binding(1) var s: sampler_comparison;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  let d = textureSample(t, s, uv); //~ E1101
  return vec4f(d);
}
