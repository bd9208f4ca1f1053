diagnostic(error, my_rule);
fn f() { x(); } //~ E1001
