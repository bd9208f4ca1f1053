fn inc(p: ptr<function, i32>) {
  *p = *p + 1;
}
fn f() {
  var x = 0;
  inc(x); //~ E1100
}
