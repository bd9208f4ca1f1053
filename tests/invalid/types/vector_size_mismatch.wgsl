fn f() {
  let a = vec2f(1.0) + vec3f(1.0); //~ E1101
}
