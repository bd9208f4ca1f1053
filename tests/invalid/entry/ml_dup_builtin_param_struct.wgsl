struct S {
  @builtin(position) a: vec4f,
}
@fragment
fn main( //~ E1508
  s: S,
  @builtin(position) b: vec4f,
) -> @location(0) vec4f { return b; }
