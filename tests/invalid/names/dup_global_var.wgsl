var<private> counter: u32;
var<private> counter: u32; //~ E1000
