@fragment
fn main() -> @location(0) vec4f {
  float x = 1.0; //~ E0215
  return vec4f(x);
}
