@compute @workgroup_size(1.0) fn main() {} //~ E1513
