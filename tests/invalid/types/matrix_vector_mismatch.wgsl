fn f() {
  let m = mat2x2f();
  let v = m * vec3f(); //~ E1101
}
