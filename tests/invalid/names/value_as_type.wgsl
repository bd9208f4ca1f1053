const N = 4;
var<private> v: N; //~ E1004
