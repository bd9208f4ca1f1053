struct I { @location(1) x: vec4f }
struct S {
  @builtin(position) p: vec4f,
  @location(0)
  inner : I, //~ E1509
}
@vertex fn main() -> S { return S(); }
