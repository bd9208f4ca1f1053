fn f() {
  let x = pack4x8snorm(vec3f()); //~ E1101
}
