fn f(n: i32) -> i32 {
  var i = 0;
  loop {
    if i > n { return i; }
    i++;
    continuing {
      break if i > 100;
    }
  }
  return -1;
}
fn g(n: i32) -> i32 {
  loop {
    if n > 0 { return 1; }
    return 0;
  }
}
fn h(n: i32) -> i32 {
  switch n {
    case 0: { return 1; }
    default: { return 2; }
  }
}
fn k(n: i32) -> i32 {
  for (var i = 0; ; i++) {
    if i == n { return i; }
  }
}
fn w() {
  while true { break; }
  for (;;) { break; }
}
