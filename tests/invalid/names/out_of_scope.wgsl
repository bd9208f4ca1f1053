fn f() {
  {
    let inner = 1;
  }
  let outer = inner; //~ E1001
}
