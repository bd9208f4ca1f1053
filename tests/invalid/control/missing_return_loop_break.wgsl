fn f() -> i32 {
  loop {
    break;
  }
} //~ E1707
