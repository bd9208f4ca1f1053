fn f() {
  switch 1 { //~ E1711
    case 0: {}
  }
}
