struct Out {
  @location(0) @blend_src(0) a: vec4f, //~ E1800
  @location(0) @blend_src(1) b: vec4f,
}
