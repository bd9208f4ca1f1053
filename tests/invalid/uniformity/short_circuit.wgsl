@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> buf: array<f32>;

@fragment fn main(@location(0) x: f32) -> @location(0) vec4f {
  let a = x > 0.0 && dpdx(x) > 0.0; //~ E1850
  return vec4f(f32(a));
}
