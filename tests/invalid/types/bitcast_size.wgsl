fn f() {
  let a = bitcast<vec2f>(1u); //~ E1101
}
