fn f() {
  let m = mat2x2f(1.0, 2.0, 3.0); //~ E1102
}
