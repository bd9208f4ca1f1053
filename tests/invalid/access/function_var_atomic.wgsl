fn f() {
  var a: atomic<u32>; //~ E1111
}
