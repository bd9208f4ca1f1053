override n = 2;
fn f() {
  let a = array<i32, n>(); //~ E1103
}
