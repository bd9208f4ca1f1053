fn f() {
  let a = max(1.0); //~ E1101
}
