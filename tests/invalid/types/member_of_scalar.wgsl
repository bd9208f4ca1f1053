fn f() {
  let a = 1.0;
  let y = a.x; //~ E1105
}
