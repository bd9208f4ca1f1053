@compute var<private> x: f32; //~ E1500
