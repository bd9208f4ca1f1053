fn f(a: vec3f, b: vec3i) -> vec3<bool> {
  return a < b; //~ E1101
}
