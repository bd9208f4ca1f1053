fn f() {
  let y = f32; //~ E1005
}
