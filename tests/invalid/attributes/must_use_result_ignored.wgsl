@must_use
fn compute() -> f32 { return 1.0; }
fn f() {
  compute(); //~ E1400
}
