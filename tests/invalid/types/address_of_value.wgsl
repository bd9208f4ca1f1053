fn f() {
  let a = 1;
  let p = &a; //~ E1108
}
