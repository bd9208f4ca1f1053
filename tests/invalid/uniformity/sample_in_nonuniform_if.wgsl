@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> buf: array<f32>;

@fragment fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  if uv.x > 0.5 {
    return textureSample(t, s, uv); //~ E1850
  }
  return vec4f();
}
