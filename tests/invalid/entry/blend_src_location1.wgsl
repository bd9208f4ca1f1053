enable dual_source_blending;
struct O {
  @location(0) @blend_src(0) a: vec4f,
  @location(1) @blend_src(1) b: vec4f, //~ E1512
}
