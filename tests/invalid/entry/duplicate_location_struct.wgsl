struct Out {
  @location(0) a: vec4f,
  @location(0) b: vec4f, //~ E1508
}
