enable dual_source_blending;
struct Out {
  @location(0) @blend_src(0) a: vec4f, //~ E1512
}
