@fragment
fn main() -> @location(-1) vec4f { //~ E1502
  return vec4f(0.0);
}
