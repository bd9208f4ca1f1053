@group(0) @binding(0) var t: array<texture_2d<f32>, 2>; //~ E1110
