struct S { a: f32 }
var<private> s: S<f32>; //~ E1009
