fn f() {
  var i = 0;
  loop {
    i++;
    continuing {
      break if i > 10; //~ E0213
      i += 1;
    }
  }
}
