var<private> x: i32 = 1;
fn f() -> i32 {
  let y = x;
  var x = 2.0;
  {
    let x = true;
  }
  return y + i32(x);
}
