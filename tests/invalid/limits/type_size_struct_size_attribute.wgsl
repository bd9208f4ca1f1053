struct S { @size(4294967295u) a: u32, b: u32 } //~ E1120
@group(0) @binding(0) var<storage> s: S;
@compute @workgroup_size(1) fn main() { _ = s.b; }
