fn f(x: f32) {
  abs(x); //~ E1400
}
