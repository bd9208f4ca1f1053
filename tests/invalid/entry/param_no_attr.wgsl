@fragment
fn main(uv: vec2f) -> @location(0) vec4f { //~ E1505
  return vec4f(uv, 0.0, 1.0);
}
