fn find(x: i32) -> i32 {
  var i = 0;
  loop {
    if (i == x) { break; }
    i++;
  }
} //~ E1707
