@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
fn sample_it(tt: texture_2d<f32>, ss: sampler) -> vec4f { return textureSampleLevel(tt, ss, vec2f(), 0.0); }
@fragment fn main() -> @location(0) vec4f {
  let tt = t;
  let ss = s;
  return sample_it(tt, ss);
}
