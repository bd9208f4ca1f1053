fn f() {
  let a = 1i;
  let b = 2.0f;
  let c = a + b; //~ E1101
}
