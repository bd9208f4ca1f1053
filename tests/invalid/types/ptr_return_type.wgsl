var<private> g: f32;
fn f() -> ptr<private, f32> { //~ E1110
  return &g;
}
