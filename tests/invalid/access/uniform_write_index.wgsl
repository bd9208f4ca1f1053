@group(0) @binding(0) var<uniform> u: array<vec4f, 4>;
fn f() {
  u[0].x = 1.0; //~ E1701
}
