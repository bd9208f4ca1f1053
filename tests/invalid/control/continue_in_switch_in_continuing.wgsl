fn f() {
  loop {
    continuing {
      switch 1 {
        default { continue; } //~ E1704
      }
    }
  }
}
