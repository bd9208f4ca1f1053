fn f() {
  let x = 1; //~ E0202