@compute @workgroup_size(8u, 8i) //~ E1513
fn main() {
}
