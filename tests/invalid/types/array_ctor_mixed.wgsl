fn f() {
  let a = array(1i, 2u); //~ E1102
}
