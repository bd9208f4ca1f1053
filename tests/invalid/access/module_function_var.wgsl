var<function> x: f32; //~ E1008
