fn f() {
  var x = 1u;
  let y = x << 32u; //~ E1302
}
