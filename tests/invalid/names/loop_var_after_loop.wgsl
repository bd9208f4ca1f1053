fn f() -> i32 {
  for (var i = 0; i < 4; i++) {
  }
  return i; //~ E1001
}
