fn f() {
  var v: vec3h; //~ E1800
}
