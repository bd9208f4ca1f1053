fn f() -> mat2x2f {
  return mat2x2<i32>(1, 2, 3, 4); //~ E1110
}
