fn f() {
  let a = 1u;
  let b = a << 1i; //~ E1101
}
