fn f() -> i32 {
  let big: i32 = 3000000000; //~ E1300
  return big;
}
