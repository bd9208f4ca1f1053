fn f(b: bool) -> i32 {
  return 1 + b; //~ E1101
}
