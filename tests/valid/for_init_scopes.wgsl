fn f() {
  for (var i = 0; i < 4; i++) {
    let j = i;
  }
  for (var i = 0u; i < 4u; i++) {}
  var i = 1.0;
  _ = i;
}
