@group(0) @binding(0) var<uniform> a: f32;
@group(0) @binding(0) var<uniform> b: f32; //~ E1504
@fragment fn main() -> @location(0) vec4f {
  return vec4f(a + b);
}
