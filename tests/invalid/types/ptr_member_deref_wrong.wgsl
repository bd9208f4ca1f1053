struct S { a: f32 }
fn f(p: ptr<function, S>) -> f32 {
  return *p.a; //~ E1109
}
