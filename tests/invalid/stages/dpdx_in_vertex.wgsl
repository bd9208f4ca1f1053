@vertex fn main() -> @builtin(position) vec4f {
  let d = dpdx(1.0); //~ E1402
  return vec4f(d);
}
