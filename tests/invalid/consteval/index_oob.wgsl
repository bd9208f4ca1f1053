fn f() {
  let a = array(1, 2, 3);
  let b = a[3]; //~ E1304
}
