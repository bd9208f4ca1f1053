struct VSOut {
  @builtin(position) pos: vec4f,
  @builtin(instance_index) ii: u32, //~ E1506
}
@vertex
fn main() -> VSOut {
  var o: VSOut;
  return o;
}
