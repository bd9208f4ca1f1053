@group(0) @binding(0) var t: texture_2d<f32>;

@fragment
fn main(@builtin(position) p: vec4f) -> @location(0) vec4f {
  return textureLoad(t, p.xy, 0); //~ E1101
}
