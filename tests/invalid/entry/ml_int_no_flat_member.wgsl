struct S {
  @builtin(position) p: vec4f,
  @location(0)
  id : u32, //~ E1510
}
@vertex fn main() -> S { return S(); }
