@group(0) @binding(0) var<storage, read> buf: array<f32, 4>;
fn g(p: ptr<storage, array<f32, 4>, read_write>) {}
fn f() {
  g(&buf); //~ E1100
}
