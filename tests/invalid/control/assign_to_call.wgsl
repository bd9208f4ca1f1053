fn f() {
  vec2f() = vec2f(); //~ E1702
}
