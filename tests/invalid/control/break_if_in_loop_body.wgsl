fn f() {
  var i = 0;
  loop {
    i++;
    break if i > 3; //~ E0213
  }
}
