fn f() {
  let a = select(1.0, 2i, true); //~ E1101
}
