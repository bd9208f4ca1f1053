override n = 4;
var<private> a: array<f32, n>; //~ E1111
