struct S { a: array<vec4f, 4>, b: f32 }
fn f(p: ptr<function, S>) -> f32 {
  p.b = 1.0;
  p.a[1].y = 2.0;
  let q = &p.a;
  return q[1].y + p.a[0].x + (*p).b;
}
fn g() {
  var s: S;
  _ = f(&s);
}
