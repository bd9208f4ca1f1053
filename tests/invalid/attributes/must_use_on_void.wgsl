@must_use //~ E1500
fn f() {}
