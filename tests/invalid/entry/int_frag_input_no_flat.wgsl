@fragment
fn main(@location(0) id: i32) -> @location(0) vec4f { //~ E1510
  return vec4f(f32(id));
}
