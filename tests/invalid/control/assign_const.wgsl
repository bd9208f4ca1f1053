fn f() {
  const x = 1;
  x = 2; //~ E1700
}
