fn find(x: i32) -> i32 {
  for (var i = 0; i < 10; i++) {
    if (i == x) { return i; }
  }
} //~ E1707
