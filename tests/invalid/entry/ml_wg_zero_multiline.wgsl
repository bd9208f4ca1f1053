@compute
@workgroup_size(
  64,
  0) //~ E1513
fn main() {}
