fn f() {
  let x; //~ E0219
}
