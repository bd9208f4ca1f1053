@compute @workgroup_size(8, 0, 1) //~ E1513
fn main() {
}
