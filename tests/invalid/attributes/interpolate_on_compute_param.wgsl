@compute @workgroup_size(1)
fn main(@interpolate(flat) @builtin(local_invocation_index) i: u32) {} //~ E1510
