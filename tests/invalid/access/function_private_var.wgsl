fn f() {
  var<private> x: f32; //~ E1008
}
