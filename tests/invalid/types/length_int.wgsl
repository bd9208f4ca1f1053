fn f() {
  let x = length(vec3i()); //~ E1101
}
