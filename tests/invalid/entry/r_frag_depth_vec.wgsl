struct FSOut {
  @location(0) color: vec4f,
  @builtin(frag_depth) depth: vec4f, //~ E1507
}
@fragment
fn main() -> FSOut {
  var o: FSOut;
  return o;
}
