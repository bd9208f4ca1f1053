fn f() {
  let b = bool(vec2f()); //~ E1102
}
