fn g(x: i32) {
  var x = 1; //~ E1000
}
