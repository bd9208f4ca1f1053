override wg: f32 = 64.0;
@compute @workgroup_size(wg) //~ E1513
fn main() {}
