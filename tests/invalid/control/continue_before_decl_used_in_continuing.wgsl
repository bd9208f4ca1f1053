fn f() {
  var i = 0;
  loop {
    if (i > 3) { continue; } //~ E1712
    let step = 2;
    continuing {
      i += step;
      break if i > 10;
    }
  }
}
