fn f() {
  var v = vec4f();
  let p = &v.x; //~ E1108
}
