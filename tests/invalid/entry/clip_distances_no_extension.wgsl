struct Out {
  @builtin(position) p: vec4f,
  @builtin(clip_distances) c: array<f32, 2>, //~ E1800
}
