struct S { a: f32 }
fn f() {
  let s = S(1.0);
  let y = s.b; //~ E1105
}
