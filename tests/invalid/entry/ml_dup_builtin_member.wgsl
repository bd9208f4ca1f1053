struct S {
  @builtin(position)
  a : vec4f,
  @builtin(position)
  b : vec4f,
}
@vertex fn main() -> S { return S(); } //~ E1508
