fn f(n: u32) {
  var a: array<f32, n>; //~ E1306
}
