fn f() {
  let y = zz; //~ E1001
}
