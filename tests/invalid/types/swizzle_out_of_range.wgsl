fn f() {
  let v = vec2f();
  let y = v.z; //~ E1106
}
