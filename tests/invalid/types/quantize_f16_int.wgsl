fn f(x: i32) -> i32 {
  return quantizeToF16(x); //~ E1101
}
