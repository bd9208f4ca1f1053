struct VSOut {
  @builtin(position) pos: vec4f,
  @location(0) id: u32, //~ E1510
}
@vertex
fn main(@builtin(vertex_index) vi: u32) -> VSOut {
  var o: VSOut;
  o.id = vi;
  return o;
}
