var<storage> s: f32; //~ E1503
