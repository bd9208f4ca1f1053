@compute @workgroup_size(8.0) //~ E1513
fn main() {
}
