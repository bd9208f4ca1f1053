@group(0) @binding(0) var shadow: texture_depth_2d;
@group(0) @binding(1) var cmp: sampler_comparison;
@vertex
fn main() -> @builtin(position) vec4f {
  let v = textureSampleCompare(shadow, cmp, vec2f(0.5), 0.5); //~ E1402
  return vec4f(v);
}
