override A: u32 = 16;
struct S {
  @align(A) a: f32, //~ E1306
}
