struct S { a: vec4f }
@fragment
fn main(@location(0) s: S) -> @location(0) vec4f { //~ E1515
  return s.a;
}
