@group(0) @binding(0) var<storage, write> x: f32; //~ E1114
