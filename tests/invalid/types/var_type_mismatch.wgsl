fn f() {
  var x: u32 = 1i; //~ E1100
}
