fn f() -> vec3f {
  var v: vec3f;
  v = 1.0; //~ E1100
  return v;
}
