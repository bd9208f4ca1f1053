fn f() -> vec3f {
  var v = vec3f(1.0);
  v *= mat4x4f(); //~ E1101
  return v;
}
