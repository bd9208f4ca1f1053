struct S {
  @location(0) c: vec4f,
  @builtin(vertex_index) //~ E1506
  vi : u32,
}
@fragment fn main(s: S) -> @location(0) vec4f { return s.c; }
