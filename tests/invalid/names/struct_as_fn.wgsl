struct S { a: f32 }
fn f() -> f32 {
  return S.a; //~ E1005
}
