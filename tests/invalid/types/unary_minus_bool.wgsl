fn f() {
  let a = -true; //~ E1101
}
