struct In {
  a: f32, //~ E1505
}
@fragment fn main(i: In) {}
