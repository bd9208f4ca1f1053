var<workgroup> tile: array<f32>; //~ E1111
