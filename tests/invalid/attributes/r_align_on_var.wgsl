@align(16) var<private> x: f32; //~ E1500
