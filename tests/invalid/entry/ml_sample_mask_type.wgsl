@fragment fn main(
  @builtin(sample_mask) //~ E1507
  m : i32) -> @location(0) vec4f { return vec4f(); }
