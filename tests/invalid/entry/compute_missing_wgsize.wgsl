@compute
fn main(@builtin(global_invocation_id) gid: vec3u) { //~ E1513
}
