@group(0) @binding(0) var t: texture_depth_2d<f32>; //~ E1009
