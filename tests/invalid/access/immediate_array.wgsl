var<immediate> a: array<f32, 4>; //~ E1111
