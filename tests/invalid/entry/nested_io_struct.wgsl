struct Inner {
  @location(0) a: f32,
}
struct Outer {
  inner: Inner, //~ E1509
}
@fragment fn main(o: Outer) {}
