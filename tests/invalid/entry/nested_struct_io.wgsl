struct Inner { @location(1) uv: vec2f }
struct VSOut {
  @builtin(position) pos: vec4f,
  inner: Inner, //~ E1509
}
@vertex
fn main() -> VSOut {
  var o: VSOut;
  return o;
}
