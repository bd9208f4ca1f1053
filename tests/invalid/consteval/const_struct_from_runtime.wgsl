struct S { a: i32 }
fn f() {
  var x = 1;
  const s = S(x); //~ E1306
}
