fn f() {
  let x = normalize(1.0); //~ E1101
}
