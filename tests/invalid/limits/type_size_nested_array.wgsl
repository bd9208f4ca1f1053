@group(0) @binding(0) var<storage> s: array<array<u32, 1 << 29>, 22>; //~ E1120
@compute @workgroup_size(1) fn main() { _ = s[0][0]; }
