@fragment
fn main() -> vec4f { //~ E1505
  return vec4f(1.0);
}
