fn f() {
  let v = vec4f();
  let y = v[1.0]; //~ E1107
}
