@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: vec3u) { //~ E1507
}
