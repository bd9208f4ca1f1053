fn f() {
  if vec2(true) { //~ E1100
  }
}
