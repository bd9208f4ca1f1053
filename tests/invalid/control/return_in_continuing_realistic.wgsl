fn f() -> i32 {
  var i = 0;
  loop {
    continuing {
      i++;
      if (i > 5) { return i; } //~ E1705
    }
  }
}
