fn f() {
  let x = transpose(vec2f()); //~ E1101
}
