struct S {
  @location(0) b: bool, //~ E1509
}
