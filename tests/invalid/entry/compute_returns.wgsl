@compute @workgroup_size(1) fn main() -> @location(0) f32 { //~ E1509
  return 1.0;
}
