var<private> v: i32;
fn g(a: ptr<private, i32>) {
  *a = v;
}
fn f() {
  g(&v); //~ E1516
}
