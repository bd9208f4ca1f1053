@group(0) @binding(1.5) var<uniform> u: f32; //~ E1100
