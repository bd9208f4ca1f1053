fn store(p: ptr<function, f32>, v: f32) {
  *p = v;
}
@fragment fn main(@location(0) x: f32) -> @location(0) vec4f {
  var a = 0.0;
  store(&a, x);
  if a > 0.0 {
    return vec4f(dpdx(a)); //~ E1850
  }
  return vec4f();
}
