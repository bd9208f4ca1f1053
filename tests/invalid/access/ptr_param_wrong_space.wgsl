var<private> g: f32;
fn store_to(p: ptr<function, f32>) { *p = 1.0; }
fn f() {
  store_to(&g); //~ E1100
}
