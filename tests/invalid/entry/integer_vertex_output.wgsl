struct Out {
  @builtin(position) p: vec4f,
  @location(0) i: i32, //~ E1510
}
@vertex fn main() -> Out {
  return Out();
}
