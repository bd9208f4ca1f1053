struct S { a: f32 }
fn f() {
  let s = S(1i); //~ E1102
}
