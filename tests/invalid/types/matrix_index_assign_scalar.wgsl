fn f() {
  var m: mat4x4f;
  m[0] = 1.0; //~ E1100
}
