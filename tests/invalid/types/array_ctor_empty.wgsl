fn f() {
  let a = array(); //~ E1102
}
