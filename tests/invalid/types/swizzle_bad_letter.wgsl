fn f() {
  let v = vec4f();
  let y = v.xq; //~ E1106
}
