struct S { a: f32 }
fn f(s: S) {
  let x = s[0]; //~ E1107
}
