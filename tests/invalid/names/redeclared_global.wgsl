const a = 1;
var<private> a: i32; //~ E1000
