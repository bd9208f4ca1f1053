@group(0) @binding(0) var<storage> b: array<f32>;
fn f() {
  let a = b; //~ E1115
}
