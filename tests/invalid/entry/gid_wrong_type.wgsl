@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3i) { //~ E1507
}
