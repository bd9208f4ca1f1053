override enabled: bool = true;
fn f() -> i32 {
  return enabled + 1; //~ E1101
}
