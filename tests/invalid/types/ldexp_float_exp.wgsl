fn f() {
  let x = ldexp(1.0f, 2.0f); //~ E1101
}
