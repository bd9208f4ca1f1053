[[stage(vertex)]] //~ E0211
fn main() -> [[builtin(position)]] vec4<f32> { //~ E0204
  return vec4<f32>(0.0);
}
