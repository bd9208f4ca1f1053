struct S {
  @builtin(position) p: vec4f,
  @location(0)
  a : array<f32, 2>, //~ E1509
}
@vertex fn main() -> S { return S(); }
