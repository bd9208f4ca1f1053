var<private> a: array<f32, 100000000>; //~ E1010
