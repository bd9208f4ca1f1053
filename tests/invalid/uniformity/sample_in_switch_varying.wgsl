@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) @interpolate(flat) mode: u32, @location(1) uv: vec2f) -> @location(0) vec4f {
  switch (mode) {
    case 0u: {
      return textureSample(tex, samp, uv); //~ E1850
    }
    default: {
      return vec4f(0.0);
    }
  }
}
