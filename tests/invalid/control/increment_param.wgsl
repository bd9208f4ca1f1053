fn f(i: i32) -> i32 {
  i++; //~ E1700
  return i;
}
