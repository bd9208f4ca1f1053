var x: f32; //~ E1118
