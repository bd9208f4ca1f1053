@vertex fn main() -> @location(0) vec4f { //~ E1514
  return vec4f();
}
