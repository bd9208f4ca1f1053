@vertex
fn main(@location(0) pos: vec3f) -> vec4f { //~ E1505
  return vec4f(pos, 1.0);
}
