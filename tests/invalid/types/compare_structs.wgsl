struct S { x: f32 }
fn f() {
  let a = S();
  let b = a == a; //~ E1101
}
