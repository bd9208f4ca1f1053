fn f() {
  var x = 1;
  switch 1 {
    case x: {} //~ E1306
    default: {}
  }
}
