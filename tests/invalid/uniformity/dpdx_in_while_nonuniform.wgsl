@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  var x = v;
  while (x > 1.0) {
    x = x * 0.5 + dpdx(x); //~ E1850
  }
  return vec4f(x);
}
