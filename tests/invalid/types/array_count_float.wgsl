var<private> a: array<f32, 1.5>; //~ E1100
