fn f() {
  var a = array<i32, 4>();
  let b = a[-1]; //~ E1304
}
