fn f() {
  let y = read_write; //~ E1005
}
