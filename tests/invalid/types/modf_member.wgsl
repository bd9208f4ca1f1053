fn f() {
  let x = modf(1.5).frac; //~ E1105
}
