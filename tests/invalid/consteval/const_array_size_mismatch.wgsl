fn f() {
  var a: array<i32, 3> = array(1, 2); //~ E1100
}
