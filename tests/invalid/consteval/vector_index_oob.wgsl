fn f() {
  let v = vec3f();
  let b = v[4]; //~ E1304
}
