fn f(v: vec2u) -> vec2u {
  return -v; //~ E1101
}
