const scale = 1.0;
override scale: f32 = 2.0; //~ E1000
