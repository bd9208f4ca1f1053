fn g(p: ptr<private, i32>) {}
fn f() {
  var x = 1;
  g(&x); //~ E1100
}
