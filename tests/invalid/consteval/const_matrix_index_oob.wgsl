fn f() {
  var m = mat2x2f();
  let c = m[2]; //~ E1304
}
