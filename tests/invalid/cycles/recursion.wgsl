fn f(n: i32) -> i32 { //~ E1003
  return f(n - 1);
}
