const N = -1;
var<private> buf: array<f32, N>; //~ E1117
