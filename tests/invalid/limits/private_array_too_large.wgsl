var<private> a: array<f32, 100000>; //~ E1010
