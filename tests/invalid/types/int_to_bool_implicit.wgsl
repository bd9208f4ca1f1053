fn f() {
  let b: bool = 1; //~ E1100
}
