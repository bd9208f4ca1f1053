struct S {
  @builtin(position) p: vec4f,
  @size(16)
  a : vec4f, //~ E1505
}
@vertex fn main() -> S { return S(); }
