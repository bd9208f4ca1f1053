@group(0) @binding(0) var<uniform, read> x: f32; //~ E1114
