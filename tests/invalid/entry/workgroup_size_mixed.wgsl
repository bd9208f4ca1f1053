@compute @workgroup_size(1i, 1u) fn main() {} //~ E1513
