struct VSOut {
  @builtin(position) pos: vec4f,
  @builtin(clip_distances) clip: array<f32, 2>, //~ E1800
}
@vertex
fn main() -> VSOut {
  var o: VSOut;
  return o;
}
