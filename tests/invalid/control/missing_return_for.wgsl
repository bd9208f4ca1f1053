fn f() -> i32 {
  for (var i = 0; i < 2; i++) {
    return i;
  }
} //~ E1707
