@vertex
fn main(@location(0) p: vec4f) -> @builtin(position) vec4f {
  return vec4f(dpdx(p.x)); //~ E1402
}
