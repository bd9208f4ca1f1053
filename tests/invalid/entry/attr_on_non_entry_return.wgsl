fn helper() -> @location(0) vec4f { //~ E1500
  return vec4f(0.0);
}
