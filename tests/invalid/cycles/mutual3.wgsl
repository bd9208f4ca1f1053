fn a(x: i32) -> i32 { return b(x); } //~ E1003
fn b(x: i32) -> i32 { return c(x); }
fn c(x: i32) -> i32 { return a(x); }
