@compute @workgroup_size(1) fn main(@builtin(subgroup_size) s: u32) {} //~ E1800
