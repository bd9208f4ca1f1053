@const //~ E1500
fn f() -> i32 { return 1; }
