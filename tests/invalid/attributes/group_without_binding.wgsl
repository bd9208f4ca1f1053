@group(0) var<uniform> u: f32; //~ E1503
