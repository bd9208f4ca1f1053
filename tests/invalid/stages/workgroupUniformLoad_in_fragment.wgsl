var<workgroup> w: u32;
@fragment
fn main() -> @location(0) vec4f {
  let v = workgroupUniformLoad(&w); //~ E1402
  return vec4f(f32(v));
}
