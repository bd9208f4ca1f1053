fn f() {
  let b = !1; //~ E1101
}
