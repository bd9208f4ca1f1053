override n = 4;
fn f() {
  var a: array<i32, n>; //~ E1111
}
