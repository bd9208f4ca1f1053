fn f() {
  let x = 1;
  x += 1; //~ E1700
}
