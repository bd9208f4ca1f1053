fn f() {
  let x = 1 +* 2; //~ E1109
}
