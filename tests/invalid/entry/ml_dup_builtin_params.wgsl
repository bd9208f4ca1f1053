@fragment
fn main( //~ E1508
  @builtin(position) a: vec4f,
  @builtin(position) b: vec4f,
) -> @location(0) vec4f { return a; }
