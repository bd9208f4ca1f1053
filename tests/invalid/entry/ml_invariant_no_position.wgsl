struct S {
  @builtin(position) p: vec4f,
  @location(0)
  @invariant //~ E1511
  a : vec4f,
}
@vertex fn main() -> S { return S(); }
