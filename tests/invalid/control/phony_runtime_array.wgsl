@group(0) @binding(0) var<storage> a: array<f32>;
fn f() {
  _ = a; //~ E1115
}
