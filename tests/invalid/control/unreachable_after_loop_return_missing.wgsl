fn f() -> i32 {
  loop {
    if true { break; }
  }
} //~ E1707
