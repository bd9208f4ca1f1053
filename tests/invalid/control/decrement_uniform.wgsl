@group(0) @binding(0) var<uniform> u: i32;
fn f() {
  u--; //~ E1701
}
