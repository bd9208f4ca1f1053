@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var t: texture_2d<f32>; //~ E1000
