fn f() {
  let x = select(1, 2, 1); //~ E1101
}
