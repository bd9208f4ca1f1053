fn f() {
  let x = all(1); //~ E1101
}
