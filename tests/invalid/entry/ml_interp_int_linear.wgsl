struct S {
  @builtin(position) p: vec4f,
  @location(0)
  @interpolate(linear) //~ E1510
  a : i32,
}
@vertex fn main() -> S { return S(); }
