const big = 1 << 40;
fn f() {
  _ = big;
  _ = 5000000000;
  _ = vec2(1, 2);
}
