@vertex
fn main() -> @location(0) @builtin(position) vec4f { //~ E1515
  return vec4f(0.0);
}
