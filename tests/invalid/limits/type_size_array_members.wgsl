struct S { a: array<f32, 2147483647>, b: array<f32, 2147483647> } //~ E1120
@group(0) @binding(0) var<storage> s: S;
@compute @workgroup_size(1) fn main() { _ = s.b[0]; }
