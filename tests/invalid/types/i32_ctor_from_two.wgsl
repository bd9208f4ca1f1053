fn f() -> i32 {
  return i32(1, 2); //~ E1102
}
