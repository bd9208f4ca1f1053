@workgroup_size(64) //~ E1513
fn helper() {}
