@group(0) @binding(0) var t: texture_2d<f32>;
fn f() {
  var tt = t; //~ E1111
}
