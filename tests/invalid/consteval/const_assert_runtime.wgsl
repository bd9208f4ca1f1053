fn f() {
  var x = 1;
  const_assert x == 1; //~ E1306
}
