fn f() {
  let a = dot(1.0, 2.0); //~ E1101
}
