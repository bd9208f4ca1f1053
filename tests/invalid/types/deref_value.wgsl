fn f() {
  let a = 1;
  let y = *a; //~ E1109
}
