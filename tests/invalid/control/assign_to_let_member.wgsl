struct S { a: f32 }
fn f() -> S {
  let s = S(1.0);
  s.a = 2.0; //~ E1702
  return s;
}
