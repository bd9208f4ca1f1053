@group(0) @binding(0) var t: texture_depth_2d;
@group(0) @binding(1) var s: sampler_comparison;
@fragment fn m(@location(0) x: f32) {
  if x > 0.0 {
    _ = textureSampleCompare(t, s, vec2f(), 0.5); //~ E1850
  }
}
