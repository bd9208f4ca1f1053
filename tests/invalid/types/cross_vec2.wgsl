fn f() {
  let a = cross(vec2f(), vec2f()); //~ E1101
}
