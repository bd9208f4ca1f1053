struct S {
  @location(0) a: vec4f,
}
@fragment
fn main(
  s: S,
  @location(0) b: vec4f, //~ E1508
) -> @location(0) vec4f { return b; }
