enable dual_source_blending;
struct O {
  @location(0) @blend_src(0) a: vec4f,
  @location(0) @blend_src(1) b: vec4i, //~ E1512
}
