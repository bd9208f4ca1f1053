fn f(x: f32) -> vec4f {
  return unpack4x8unorm(x); //~ E1101
}
