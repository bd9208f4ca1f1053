fn f() {
  let x = bitcast<vec3u>(vec2f()); //~ E1101
}
