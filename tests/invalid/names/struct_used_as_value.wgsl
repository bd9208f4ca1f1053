struct S { a: f32 }
fn f() {
  let x = S; //~ E1005
}
