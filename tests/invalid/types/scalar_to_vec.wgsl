fn f() {
  let x: vec2f = 1.0f; //~ E1100
}
