var<read> x: f32; //~ E1007
