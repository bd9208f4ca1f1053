struct In {
  @location(0) a: f32,
}
@fragment fn main(@location(1) i: In) {} //~ E1515
