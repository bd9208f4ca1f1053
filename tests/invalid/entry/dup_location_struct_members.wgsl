struct VSOut {
  @builtin(position) pos: vec4f,
  @location(0) color: vec4f,
  @location(0) uv: vec2f, //~ E1508
}
@vertex
fn main() -> VSOut {
  var o: VSOut;
  return o;
}
