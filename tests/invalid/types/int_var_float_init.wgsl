fn f() -> i32 {
  var count: i32 = 1.5; //~ E1100
  return count;
}
