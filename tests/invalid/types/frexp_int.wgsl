fn f() {
  let x = frexp(1i); //~ E1101
}
