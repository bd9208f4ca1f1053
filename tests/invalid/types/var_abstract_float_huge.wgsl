fn f() {
  var x = 1e40; //~ E1300
}
