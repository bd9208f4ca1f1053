@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) sid: u32) { //~ E1800
}
