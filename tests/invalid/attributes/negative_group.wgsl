@group(-2) @binding(0) var<uniform> u: f32; //~ E1502
