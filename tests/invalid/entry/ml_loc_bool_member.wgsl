struct S {
  @location(0)
  @interpolate(flat)
  b : bool, //~ E1509
}
@fragment fn main(s: S) -> @location(0) vec4f { return vec4f(); }
