fn f() -> i32 {
  return 1.5; //~ E1100
}
