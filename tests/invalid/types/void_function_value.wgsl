fn g() {}
fn f() {
  let a = g(); //~ E1116
}
