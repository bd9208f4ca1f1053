fn f() -> i32 {
  return array<i32, 100000000>()[5];
}
