alias A = f32;
fn f() {
  let x = A; //~ E1005
}
