override n = 4;
var<workgroup> a: array<array<i32, n>, 2>; //~ E1110
