fn f() {
  let x = 1;
  x++; //~ E1700
}
