fn f(a: vec4u, b: vec4u) -> u32 {
  return dot4U8Packed(a, b); //~ E1101
}
