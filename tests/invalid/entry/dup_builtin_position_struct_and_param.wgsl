struct FSIn {
  @builtin(position) pos: vec4f,
}
@fragment
fn main(in: FSIn, @builtin(position) p: vec4f) -> @location(0) vec4f { //~ E1508
  return p;
}
