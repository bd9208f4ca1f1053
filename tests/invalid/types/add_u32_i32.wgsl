fn f() {
  let c = 1u + 2i; //~ E1101
}
