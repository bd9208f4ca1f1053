fn f() -> i32 {
  let x = 10 / 0; //~ E1301
  return x;
}
