fn f() -> f32 {
  return 1.0;

@compute @workgroup_size(1) //~ E0220
fn main() { //~ E0215 //~ E0202
}
