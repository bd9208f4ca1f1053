fn helper() { helper(); } //~ E1003
@compute @workgroup_size(1)
fn main() { helper(); }
