@align(4) var<private> x: f32; //~ E1500
