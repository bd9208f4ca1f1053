fn f() {
  var s: sampler; //~ E1111
}
