fn f() {
  var i = 0;
  loop {
    continuing {
      i++;
      if (i > 5) { break; } //~ E1703
    }
  }
}
