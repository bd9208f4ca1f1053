fn f() {
  let b = ~1.5; //~ E1101
}
