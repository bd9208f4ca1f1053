fn f() {
  let b = 1 && 2; //~ E1101
}
