fn f() {
  let h = 1.0h; //~ E1800
}
