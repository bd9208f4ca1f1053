fn f() {
  let a = b; //~ E1001
  let b = 1;
}
