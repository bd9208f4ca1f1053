fn f() -> f32 {
  var x = 1.0;
  let y = 2.0;
  var x = 3.0; //~ E1000
  return x + y;
}
