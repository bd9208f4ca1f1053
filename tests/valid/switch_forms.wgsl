const C = 3;
fn f(x: u32) -> u32 {
  switch x {
    case 1, 2 { return 1u; }
    case C, 4u, default { return 2u; }
  }
}
fn g(x: i32) {
  switch (x) {
    default {}
  }
}
