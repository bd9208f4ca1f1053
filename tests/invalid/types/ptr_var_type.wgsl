fn f() {
  var x = 1.0;
  var p: ptr<function, f32> = &x; //~ E1111
}
