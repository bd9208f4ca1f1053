fn f() {
  var v = vec4f();
  v[4] = 1.0; //~ E1304
}
