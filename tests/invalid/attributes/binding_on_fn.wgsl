@binding(0) //~ E1500
fn f() {}
