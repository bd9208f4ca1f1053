fn g(a: ptr<function, i32>, b: ptr<function, i32>) {
  *a = *b;
}
fn f() {
  var x = 1;
  g(&x, &x); //~ E1516
}
