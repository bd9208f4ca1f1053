var<private> x: array<f32, 2, 3>; //~ E1009
