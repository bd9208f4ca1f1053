var<workgroup> a: atomic<f32>; //~ E1110
