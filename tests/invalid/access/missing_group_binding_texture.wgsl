var t: texture_2d<f32>; //~ E1503
