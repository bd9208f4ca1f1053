@group(0) @group(1) @binding(0) var<uniform> u: f32; //~ E1501
