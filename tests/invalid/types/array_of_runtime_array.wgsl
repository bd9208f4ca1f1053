@group(0) @binding(0) var<storage> a: array<array<f32>, 4>; //~ E1110
