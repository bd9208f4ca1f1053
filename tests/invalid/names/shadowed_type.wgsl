const f32 = 1;
var<private> v: f32; //~ E1004
