// Stores to the members of a local struct become `insert`s after mem2reg; const-fold
// turns them into one `construct`, as a second round trip would (dawn/test/tint/bug/tint/824).
struct Out {
  @builtin(position) pos: vec4<f32>,
  @location(0) color: vec4<f32>,
  @location(1) uv: vec2<f32>,
}

@vertex
fn main(@location(0) p: vec4<f32>, @location(1) c: vec4<f32>) -> Out {
  var o: Out;
  o.pos = p * 2.0;
  o.color = c;
  o.uv = p.xy;
  return o;
}
