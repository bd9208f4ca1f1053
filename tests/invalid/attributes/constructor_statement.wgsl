fn f() {
  vec3f(); //~ E1400
}
