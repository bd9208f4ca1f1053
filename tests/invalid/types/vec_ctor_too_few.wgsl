fn f() {
  let v = vec3f(1.0, 2.0); //~ E1102
}
