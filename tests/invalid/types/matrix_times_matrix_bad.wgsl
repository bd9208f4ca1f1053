fn f() {
  let m = mat2x3f() * mat2x3f(); //~ E1101
}
