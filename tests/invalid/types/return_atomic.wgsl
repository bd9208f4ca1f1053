fn g() -> atomic<i32> { //~ E1110
  return 1;
}
