fn f(a: vec2<bool>, b: bool) -> vec2<bool> {
  return a && b; //~ E1101
}
