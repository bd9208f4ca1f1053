var<private> b: array<f32>; //~ E1111
