var<private> a: array<f32>; //~ E1111
