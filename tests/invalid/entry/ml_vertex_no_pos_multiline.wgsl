struct S {
  @location(0) a: vec4f,
}
@vertex
fn main() //~ E1514
  -> S { return S(); }
