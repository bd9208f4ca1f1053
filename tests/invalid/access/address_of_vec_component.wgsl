fn f() {
  var v = vec3f();
  let p = &v.x; //~ E1108
}
