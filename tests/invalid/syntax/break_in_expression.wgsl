fn f() {
  loop {
    let a = break; //~ E0203
  }
}
