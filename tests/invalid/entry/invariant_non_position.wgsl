struct VSOut {
  @builtin(position) pos: vec4f,
  @location(0) @invariant color: vec4f, //~ E1511
}
@vertex
fn main() -> VSOut {
  var o: VSOut;
  return o;
}
