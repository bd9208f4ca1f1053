@group(0) @binding(0) var<storage, read_write> t: texture_2d<f32>; //~ E1111
