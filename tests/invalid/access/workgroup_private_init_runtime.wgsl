fn g() -> i32 { return 1; }
var<private> p = g(); //~ E1306
