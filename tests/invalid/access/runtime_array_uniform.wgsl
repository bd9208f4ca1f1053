@group(0) @binding(0) var<uniform> b: array<f32>; //~ E1111
