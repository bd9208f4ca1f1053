@group(0) @binding(0) var<uniform> u: f32;
fn f() {
  u = 1.0; //~ E1701
}
