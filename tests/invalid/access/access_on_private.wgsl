var<private, read_write> x: f32; //~ E1114
