@fragment fn main(
  @location(0)
  @interpolate(flat)
  b : bool) -> @location(0) vec4f { return vec4f(); } //~ E1509
