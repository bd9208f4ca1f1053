fn inc(p: ptr<function, i32>) {
  p = p + 1; //~ E1700 //~ E1101
}
