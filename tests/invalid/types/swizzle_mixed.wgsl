fn f() {
  let v = vec4f();
  let y = v.xg; //~ E1106
}
