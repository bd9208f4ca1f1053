@compute @workgroup_size(0) fn main() {} //~ E1513
