// Builtin value and interpolation names are context-dependent: declarations do not shadow them.
const position = 1;
const flat = 2;
alias perspective = f32;
struct Out {
  @builtin(position) p: vec4f,
  @location(0) @interpolate(flat) i: u32,
  @location(1) @interpolate(perspective, centroid) v: perspective,
}
@vertex fn main() -> Out {
  return Out(vec4f(f32(position)), u32(flat), 1.0);
}
