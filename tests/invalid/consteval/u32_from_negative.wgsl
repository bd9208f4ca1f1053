fn f() -> u32 {
  let x: u32 = -1; //~ E1300
  return x;
}
