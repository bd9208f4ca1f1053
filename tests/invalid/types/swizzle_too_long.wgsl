fn f() {
  let v = vec4f();
  let y = v.xyzwx; //~ E1106
}
