@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: u32) { //~ E1507
}
