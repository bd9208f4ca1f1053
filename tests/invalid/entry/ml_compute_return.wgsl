@compute @workgroup_size(1) fn main(
  @builtin(position) p: vec4f) -> @location(0) vec4f { return vec4f(); } //~ E1506 //~ E1509
