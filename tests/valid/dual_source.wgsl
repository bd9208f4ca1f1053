enable dual_source_blending;
struct FOut {
  @location(0) @blend_src(0) a: vec4f,
  @location(0) @blend_src(1) b: vec4f,
}
@fragment fn fs() -> FOut { return FOut(vec4f(), vec4f()); }
