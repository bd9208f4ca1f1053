override N: u32 = 16;
var<private> a: array<f32, N>; //~ E1111
