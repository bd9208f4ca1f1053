fn min() -> u32 { return 0u; }
fn f() {
  let x = min(1, 2); //~ E1104
}
