fn f() {
  var a: array<f32>; //~ E1111
}
