fn f() -> i32 {
  var i = 0;
  let j = i++; //~ E0201
  return j;
}
