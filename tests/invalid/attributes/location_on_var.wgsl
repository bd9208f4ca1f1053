@location(0) var<private> x: f32; //~ E1500
