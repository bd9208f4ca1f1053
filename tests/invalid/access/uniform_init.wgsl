@group(0) @binding(0) var<uniform> u: f32 = 1.0; //~ E1119
