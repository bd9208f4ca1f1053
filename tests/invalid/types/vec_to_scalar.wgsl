fn f() {
  let x: f32 = vec2f(); //~ E1100
}
