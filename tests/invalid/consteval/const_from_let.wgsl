fn f() {
  let a = 1;
  const c = a; //~ E1306
}
