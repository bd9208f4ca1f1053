// A user function may shadow a builtin function everywhere.
fn max(a: i32) -> i32 { return a; }
fn f() -> i32 { return max(3); }
