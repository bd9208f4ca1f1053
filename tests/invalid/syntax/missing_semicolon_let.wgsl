@fragment
fn main() -> @location(0) vec4f {
  let a = 1.0
  let b = 2.0; //~ E0201
  return vec4f(a, b, 0.0, 1.0);
}
