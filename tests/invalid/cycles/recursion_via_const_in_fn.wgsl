fn f() -> i32 { //~ E1003
  const c = 1;
  return g();
}
fn g() -> i32 {
  return f();
}
