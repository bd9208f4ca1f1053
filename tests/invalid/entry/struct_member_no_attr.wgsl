struct FSIn {
  @location(0) uv: vec2f,
  normal: vec3f, //~ E1505
}
@fragment
fn main(in: FSIn) -> @location(0) vec4f {
  return vec4f(in.normal, 1.0);
}
