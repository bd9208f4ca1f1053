@vertex
fn main() -> @builtin(position) vec3f { //~ E1507
  return vec3f(0.0);
}
