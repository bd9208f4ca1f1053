fn f() {
  let a = vec2(true) && vec2(false); //~ E1101
}
