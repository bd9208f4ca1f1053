@diagnostic(error, derivative_uniformity)
@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  if (v > 0.0) {
    return vec4f(dpdx(v)); //~ E1850
  }
  return vec4f(0.0);
}
