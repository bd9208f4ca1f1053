struct P { x: f32 }
fn f(a: P, b: P) -> bool {
  return a == b; //~ E1101
}
