fn f() {
  let b = true + false; //~ E1101
}
