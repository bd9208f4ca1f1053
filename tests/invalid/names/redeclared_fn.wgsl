fn g() {}
fn g() {} //~ E1000
