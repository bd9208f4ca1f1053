enable clip_distances;
struct Out {
  @builtin(position) p: vec4f,
  @builtin(clip_distances) c: array<f32, 9>, //~ E1507
}
@vertex fn main() -> Out { return Out(); }
