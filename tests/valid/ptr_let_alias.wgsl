fn g(a: ptr<function, i32>, b: ptr<function, i32>) -> i32 { return *a + *b; }
fn f() -> i32 {
  var x = 1;
  var y = 2;
  let p = &x;
  return g(p, &y) + g(&x, &x);  // reading through two aliases is fine
}
