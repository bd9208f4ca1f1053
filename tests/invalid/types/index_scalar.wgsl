fn f() {
  let a = 1.0;
  let y = a[0]; //~ E1107
}
