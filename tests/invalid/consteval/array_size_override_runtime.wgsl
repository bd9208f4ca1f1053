fn f() {
  var x = 4;
  var a: array<f32, x>; //~ E1306
}
