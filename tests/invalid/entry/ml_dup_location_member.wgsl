struct S {
  @builtin(position) p: vec4f,
  @location(0)
  a : vec4f,
  @location(0) //~ E1508
  b : vec4f,
}
@vertex fn main() -> S { return S(); }
