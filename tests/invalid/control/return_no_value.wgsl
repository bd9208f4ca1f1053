fn f() -> i32 {
  return; //~ E1706
}
