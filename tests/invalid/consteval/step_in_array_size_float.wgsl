var<private> a: array<f32, 2.0>; //~ E1100
