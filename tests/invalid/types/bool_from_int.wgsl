fn f() -> bool {
  let flag: bool = 1; //~ E1100
  return flag;
}
