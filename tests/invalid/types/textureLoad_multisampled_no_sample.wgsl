@group(0) @binding(0) var t: texture_multisampled_2d<f32>;
@fragment
fn main(@builtin(position) p: vec4f) -> @location(0) vec4f {
  return textureLoad(t, vec2i(p.xy)); //~ E1101
}
