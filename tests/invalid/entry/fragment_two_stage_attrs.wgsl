@vertex @fragment //~ E1501
fn main() -> @builtin(position) vec4f {
  return vec4f(0.0);
}
