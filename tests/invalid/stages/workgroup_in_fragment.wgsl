var<workgroup> w: f32;
@fragment fn main() -> @location(0) vec4f {
  return vec4f(w); //~ E1402
}
