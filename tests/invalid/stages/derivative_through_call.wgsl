fn helper() -> f32 {
  return dpdx(1.0); //~ E1402
}
@vertex fn main() -> @builtin(position) vec4f {
  return vec4f(helper());
}
