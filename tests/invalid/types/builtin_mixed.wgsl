fn f() {
  let a = clamp(1u, 0, 1i); //~ E1101
}
