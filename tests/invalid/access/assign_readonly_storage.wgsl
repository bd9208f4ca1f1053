@group(0) @binding(0) var<storage> s: f32;
fn f() {
  s = 1.0; //~ E1701
}
