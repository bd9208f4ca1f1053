fn f(x: i32) {
  switch (x) {
    default: {
      continue; //~ E1704
    }
  }
}
