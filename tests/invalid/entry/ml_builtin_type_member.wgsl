struct S {
  @builtin(position) //~ E1507
  p : vec3f,
}
@vertex fn main() -> S { return S(); }
