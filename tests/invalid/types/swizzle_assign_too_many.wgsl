fn f() {
  var v = vec2f();
  v.z = 1.0; //~ E1106
}
