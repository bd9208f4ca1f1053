fn f() {
  var x = 1;
  let p = &x;
  let q = &p; //~ E1108
}
