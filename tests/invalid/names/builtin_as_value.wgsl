fn f() {
  let y = sin; //~ E1005
}
