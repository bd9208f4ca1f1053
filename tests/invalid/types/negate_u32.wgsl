fn f() {
  let a = 1u;
  let b = -a; //~ E1101
}
