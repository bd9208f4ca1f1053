fn f() -> i32 {
  return var x = 1; //~ E0203
}
