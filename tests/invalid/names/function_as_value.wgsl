fn g() -> i32 { return 1; }
fn f() {
  let y = g; //~ E1005
}
