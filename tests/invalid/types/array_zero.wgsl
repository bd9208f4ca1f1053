var<private> a: array<f32, 0>; //~ E1117
