const PI: f32; //~ E0219
