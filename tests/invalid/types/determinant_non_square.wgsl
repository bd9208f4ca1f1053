fn f() {
  let x = determinant(mat2x3f()); //~ E1101
}
